/** The application event intake: events are recorded once per idMensagem. */
import type { OperationHandlers } from '../operation-handler.ts';

export const integrationHandlers = {
  async receiveAppEvent({ body, store }) {
    await store.putIfAbsent('appEvents', {
      idMensagem: body.idMensagem,
      nomeEvento: body.nomeEvento,
      mensagem: body.mensagem ?? null,
      receivedAt: new Date().toISOString(),
    });
    return undefined;
  },
} satisfies Partial<OperationHandlers>;
