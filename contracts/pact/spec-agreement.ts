/**
 * The offline, bi-directional check: every interaction of every pact must agree with the OpenAPI
 * document. Method and path name an operation; path parameters, request media type and body,
 * credentials, response status, media type and body are checked against that operation. A request
 * of a 400 or 422 interaction must break the spec in that way; any other request must be valid.
 */
import {
  acceptsMediaType,
  escapePointerSegment,
  loadContract,
  mediaTypeOf,
  type Contract,
  type Operation,
  type ValidationIssue,
} from '../../contract/index.ts';
import { headerOf, readPactFiles, type LoadedPact, type PactInteraction } from './pact-files.ts';

export interface SpecDisagreement {
  /** The pact file. */
  file: string;
  /** The interaction's description. */
  interaction: string;
  /** JSON pointer into the pact file to the element that contradicts the spec. */
  pointer: string;
  message: string;
}

type Finding = Omit<SpecDisagreement, 'file' | 'interaction'>;

/** Checks the committed pacts (or the given ones); an empty list means they all agree with the spec. */
export async function checkPactsAgainstSpec(pacts: LoadedPact[] = readPactFiles()): Promise<SpecDisagreement[]> {
  const contract = await loadContract();
  const found: SpecDisagreement[] = [];
  for (const { path, pact } of pacts) {
    pact.interactions.forEach((interaction, index) => {
      for (const finding of checkInteraction(contract, interaction, `/interactions/${index}`)) {
        found.push({ file: path, interaction: interaction.description, ...finding });
      }
    });
  }
  return found;
}

/** One line per disagreement: description, pointer and what is wrong. */
export function formatDisagreement(d: SpecDisagreement): string {
  return `"${d.interaction}" ${d.pointer}: ${d.message}`;
}

function checkInteraction(contract: Contract, interaction: PactInteraction, base: string): Finding[] {
  const { request, response } = interaction;
  const called = contract.match(request.method, request.path);
  if (!called)
    return [
      {
        pointer: `${base}/request/path`,
        message: `no operation of the spec answers ${request.method} ${request.path}`,
      },
    ];
  const { operation: op, params } = called;
  const findings: Finding[] = [];
  const rejects = response.status === 400 || response.status === 422 ? response.status : undefined;

  const paramIssues = contract.validators.params(op.id, params);
  const bodyIssues =
    request.body?.content !== undefined && op.requestBody ? contract.validators.body(op.id, request.body.content) : [];
  if (rejects) findings.push(...expectRejection(rejects, [...paramIssues, ...bodyIssues], base));
  else {
    findings.push(
      ...paramIssues.map((issue) => ({ pointer: `${base}/request/path`, message: `${op.id}: ${issue.message}` })),
    );
    findings.push(
      ...bodyIssues.map((issue) => ({
        pointer: pointerOf(`${base}/request/body/content`, issue),
        message: `${op.id}: ${issue.message}`,
      })),
    );
  }
  findings.push(...checkRequestMedia(op, interaction, base));
  findings.push(...checkCredentials(op, interaction, base));

  const documented = op.responses.get(response.status);
  if (!documented) {
    findings.push({
      pointer: `${base}/response/status`,
      message: `${op.id} does not document status ${response.status} (it documents ${[...op.responses.keys()].join(', ')})`,
    });
    return findings;
  }
  const hasBody = response.body?.content !== undefined;
  if (!documented.schema) {
    if (hasBody)
      findings.push({
        pointer: `${base}/response/body`,
        message: `${op.id} answers ${response.status} without a body`,
      });
    return findings;
  }
  if (!hasBody)
    return [
      ...findings,
      {
        pointer: `${base}/response/body`,
        message: `${op.id} answers ${response.status} with a body (${documented.shape})`,
      },
    ];
  const mediaType = mediaTypeOf(headerOf(response.headers, 'content-type') ?? response.body?.contentType);
  if (mediaType !== documented.mediaType) {
    findings.push({
      pointer: headerPointer(`${base}/response/headers`, response.headers, 'Content-Type'),
      message: `${op.id} answers ${response.status} as ${documented.mediaType ?? 'nothing'}, not ${mediaType ?? 'nothing'}`,
    });
  }
  for (const issue of contract.validators.response(op.id, response.status, response.body?.content) ?? []) {
    findings.push({
      pointer: pointerOf(`${base}/response/body/content`, issue),
      message: `${op.id} ${response.status}: ${issue.message}`,
    });
  }
  return findings;
}

/** A 400 interaction's request must be malformed per spec; a 422 one well-formed but rule-breaking. */
function expectRejection(status: 400 | 422, issues: ValidationIssue[], base: string): Finding[] {
  const malformed = issues.filter((i) => i.status === 400);
  if (status === 400 && malformed.length === 0) {
    return [
      {
        pointer: `${base}/request`,
        message: 'the interaction expects 400, but the spec finds nothing malformed in the request',
      },
    ];
  }
  if (status === 422 && !issues.some((i) => i.status === 422)) {
    return [
      {
        pointer: `${base}/request`,
        message: 'the interaction expects 422, but the request breaks no rule of the spec',
      },
    ];
  }
  if (status === 422 && malformed.length > 0) {
    return malformed.map((issue) => ({
      pointer: pointerOf(`${base}/request/body/content`, issue),
      message: `the interaction expects 422, but the spec answers 400: ${issue.message}`,
    }));
  }
  return [];
}

function checkRequestMedia(op: Operation, interaction: PactInteraction, base: string): Finding[] {
  const { request } = interaction;
  const sent = request.body?.content !== undefined;
  if (!op.requestBody)
    return sent ? [{ pointer: `${base}/request/body`, message: `${op.id} takes no request body` }] : [];
  if (!sent)
    return op.requestBody.required
      ? [{ pointer: `${base}/request/body`, message: `${op.id} requires a request body` }]
      : [];
  const mediaType = mediaTypeOf(headerOf(request.headers, 'content-type') ?? request.body?.contentType);
  if (acceptsMediaType(op.requestBody.mediaTypes, mediaType)) return [];
  return [
    {
      pointer: headerPointer(`${base}/request/headers`, request.headers, 'Content-Type'),
      message: `${op.id} takes ${op.requestBody.mediaTypes.join(' or ')}, not ${mediaType ?? 'a body without a media type'}`,
    },
  ];
}

/** Outside a 401, a bearer operation is called with `Bearer <token>` and the counter with the raw key. */
function checkCredentials(op: Operation, interaction: PactInteraction, base: string): Finding[] {
  if (interaction.response.status === 401) return [];
  const authorization = headerOf(interaction.request.headers, 'authorization');
  const pointer = headerPointer(`${base}/request/headers`, interaction.request.headers, 'Authorization');
  if (authorization === undefined) return [{ pointer, message: `${op.id} requires the Authorization header` }];
  const isBearer = /^Bearer \S+$/.test(authorization);
  if (op.security.scheme === 'bearer' && !isBearer)
    return [{ pointer, message: `${op.id} takes Authorization: Bearer <ACCESS_TOKEN>` }];
  if (op.security.scheme === 'apiKey' && (isBearer || /\s/.test(authorization)))
    return [{ pointer, message: `${op.id} takes Authorization: <API_KEY>, without a scheme word` }];
  return [];
}

/** The pointer of a header as the pact file spells its name. */
function headerPointer(base: string, headers: Record<string, string[]> | undefined, name: string): string {
  const key = Object.keys(headers ?? {}).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
  return `${base}/${escapePointerSegment(key)}`;
}

/** Turns an issue's target (`body.errors.0.code`) into a pointer below `base`. */
function pointerOf(base: string, issue: ValidationIssue): string {
  const segments = issue.target.split('.').slice(1);
  return [base, ...segments.map(escapePointerSegment)].join('/');
}
