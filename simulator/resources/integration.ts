/** The application event intake: events are recorded once per idMensagem. */
import type { HandlerTable, OperationContext } from '../operation-handler.ts';

export const integrationHandlers: HandlerTable = {
  async receiveAppEvent({ body, store }: OperationContext<{ idMensagem: string; nomeEvento: string; mensagem?: unknown }>) {
    await store.putIfAbsent('appEvents', { idMensagem: body.idMensagem, nomeEvento: body.nomeEvento, mensagem: body.mensagem ?? null, receivedAt: new Date().toISOString() });
    return undefined;
  },
};
