/**
 * Templating of scenario values: `{{name}}` (a variable or capture), `{{uuid}}` (a fresh UUID at
 * each use), `{{env.NAME}}` (an environment variable) and `{{lbrace}}` (one `{`: how a recorded
 * string with braces is written, spec/template-literal.ts).
 */
import { randomUUID } from 'node:crypto';
import { LBRACE_EXPRESSION } from '../contract/template-literal.ts';

const TEMPLATE = /\{\{\s*([^{}]+?)\s*\}\}/g;
const WHOLE = /^\{\{\s*([^{}]+?)\s*\}\}$/;
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ENV = /^env\.([A-Za-z_][A-Za-z0-9_]*)$/;

export type Variables = Map<string, unknown>;

/** A template that cannot be rendered: an unknown name or an unset environment variable. */
export class TemplateError extends Error {}

/** The variable names a string refers to (not `uuid` nor `env.*`). */
export function referencedVariables(text: string): string[] {
  return [...text.matchAll(TEMPLATE)].map((m) => m[1] ?? '').filter((name) => !isBuiltIn(name));
}

/** Why an expression inside `{{ }}` is not one the runner knows, or undefined when it is valid. */
export function templateProblem(expression: string, defined: ReadonlySet<string>): string | undefined {
  if (isBuiltIn(expression)) return undefined;
  if (!VARIABLE.test(expression))
    return `{{${expression}}} is not a template: use {{name}}, {{uuid}}, {{env.NAME}} or {{lbrace}}`;
  return defined.has(expression)
    ? undefined
    : `{{${expression}}} names no variable, setup capture or step capture of this suite`;
}

const isBuiltIn = (expression: string) =>
  expression === 'uuid' || expression === LBRACE_EXPRESSION || ENV.test(expression);

function resolve(expression: string, vars: Variables, env: NodeJS.ProcessEnv): unknown {
  if (expression === 'uuid') return randomUUID();
  if (expression === LBRACE_EXPRESSION) return '{';
  const envName = ENV.exec(expression)?.[1];
  if (envName !== undefined) {
    const value = env[envName];
    if (value === undefined) throw new TemplateError(`environment variable ${envName} is not set`);
    return value;
  }
  if (!vars.has(expression)) throw new TemplateError(`{{${expression}}} has no value`);
  return vars.get(expression);
}

/** Renders a string; a string that is one whole template keeps the variable's type (number, object). */
export function renderString(text: string, vars: Variables, env: NodeJS.ProcessEnv = process.env): unknown {
  const whole = WHOLE.exec(text);
  if (whole) return resolve(whole[1] ?? '', vars, env);
  return text.replace(TEMPLATE, (_, expression: string) => {
    const value = resolve(expression, vars, env);
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** Renders every string inside a JSON value (object keys are left as written). */
export function renderValue(value: unknown, vars: Variables, env: NodeJS.ProcessEnv = process.env): unknown {
  if (typeof value === 'string') return renderString(value, vars, env);
  if (Array.isArray(value)) return value.map((v) => renderValue(v, vars, env));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderValue(v, vars, env)]));
  }
  return value;
}

/** Renders a value that must come out as text (a path, a header, a token). */
export function renderText(text: string, vars: Variables, env: NodeJS.ProcessEnv = process.env): string {
  const value = renderString(text, vars, env);
  return typeof value === 'string' ? value : JSON.stringify(value);
}
