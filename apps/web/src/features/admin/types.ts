import type { withdrawalSchema } from '@mp/contract';
import type { z } from 'zod';

export type AdminWithdrawal = z.infer<typeof withdrawalSchema>;
