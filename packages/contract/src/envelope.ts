import { z } from 'zod';
import type { FieldError } from './constants.ts';

export type Envelope<T = unknown> = {
  status: number;
  code: number;
  msg: string;
  data?: T;
  errors?: FieldError[];
  request_id?: string;
};

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.number(),
    code: z.number(),
    msg: z.string(),
    data: data.optional(),
    errors: z.array(fieldErrorSchema).optional(),
    request_id: z.string().optional(),
  });
}

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), page: z.number(), pagesize: z.number(), total: z.number() });
}
