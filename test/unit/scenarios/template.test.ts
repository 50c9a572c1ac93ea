import { describe, expect, it } from 'vitest';
import { referencedVariables, renderValue, TemplateError } from '../../../scenarios/template.ts';

describe('scenario templates', () => {
  const vars = new Map<string, unknown>([
    ['count', 2],
    ['name', 'Cielo'],
    ['ids', ['a', 'b']],
  ]);

  it('keep the type of a variable that is the whole string, and interpolate text otherwise', () => {
    expect(renderValue({ n: '{{count}}', ids: '{{ ids }}', text: 'provider {{name}} #{{count}}' }, vars, {})).toEqual({
      n: 2,
      ids: ['a', 'b'],
      text: 'provider Cielo #2',
    });
  });

  it('make a fresh UUID at each use of {{uuid}}', () => {
    const [a, b] = renderValue(['{{uuid}}', '{{uuid}}'], vars, {}) as string[];
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });

  it('read {{env.NAME}} and refuse an unset one', () => {
    expect(renderValue('Bearer {{env.TOKEN}}', vars, { TOKEN: 'abc' })).toBe('Bearer abc');
    expect(() => renderValue('{{env.MISSING}}', vars, {})).toThrow(TemplateError);
    expect(() => renderValue('{{unknown}}', vars, {})).toThrow(/unknown/);
  });

  it('list the variables a string refers to, leaving out uuid and env', () => {
    expect(referencedVariables('/v1/{{a}}/{{uuid}}/{{env.X}}/{{ b }}')).toEqual(['a', 'b']);
  });
});
