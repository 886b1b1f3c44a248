import { z } from 'zod';

/** Body `status`: 1 success, 0 refused or failed, -9 session missing, expired or revoked. */
export const STATUS_OK = 1;
export const STATUS_FAIL = 0;
export const STATUS_SESSION = -9;

export type FieldError = { field: string; message: string };

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
