import type { PageNamespace } from '../../locales/index.ts';
import type { PageLoader } from '../lazyPage.tsx';

/** `texts`: a page namespace (PAGE_NAMESPACES) the page needs besides the first load's; admin pages get `admin`. */
export type BuiltPage = { load: PageLoader; auth?: boolean; admin?: boolean; texts?: PageNamespace };
