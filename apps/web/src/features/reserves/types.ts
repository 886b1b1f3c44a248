import type { ResponseOf } from '@mp/contract';
import type { adminReserves, reservesList } from '@mp/contract/web';

/** A published snapshot as Reserves/list answers it; amounts are decimal strings of minor units. */
export type Snapshot = ResponseOf<typeof reservesList>['list'][number];

/** A snapshot as the admin sees it (Admin/reserves): any state; one still building or refused may lack figures. */
export type AdminSnapshot = ResponseOf<typeof adminReserves>['list'][number];
