import catalogue from './catalogue.json' with { type: 'json' };

/** The spec's route paths; the one the spec leaves unnamed (a third-party exchange demo) gets a path here. */
export const THIRD_PARTY_DEMO_PATH = '/pages/trade/demoExchange';
export const SPEC_ROUTES: { path: string; group: string }[] = catalogue.routes.map((r) => ({
  path: r.path ?? THIRD_PARTY_DEMO_PATH,
  group: r.group,
}));
