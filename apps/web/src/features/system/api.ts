import { checkVersion, getData } from '@mp/contract/web';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const systemKeys = {
  appConfig: ['system', 'appConfig'] as const,
  version: (version: string) => ['system', 'version', version] as const,
};

/** Public app configuration (tab set, prefixes, customer service); changes rarely. */
export const appConfigQuery = queryOptions({
  queryKey: systemKeys.appConfig,
  queryFn: () => api(getData, {}, { quiet: true }),
  staleTime: 10 * 60_000,
});

export const versionQuery = (version: string) =>
  queryOptions({
    queryKey: systemKeys.version(version),
    queryFn: () => api(checkVersion, { version, platform: 'web' }, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
