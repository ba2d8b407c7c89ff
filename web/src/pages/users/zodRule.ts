import type { z } from 'zod';

/**
 * An antd Form rule that validates a field with the kit's zod schema, so the web shows exactly the
 * messages the server would answer ('Too Short!', 'Invalid email', 'Nome é obrigatório'...).
 */
export function zodRule(schema: z.ZodType, options: { optionalEmpty?: boolean } = {}) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (options.optionalEmpty && (value === undefined || value === null || value === '')) return;
      const result = schema.safeParse(value === '' ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid');
    },
  };
}
