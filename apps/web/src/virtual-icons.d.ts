declare module 'virtual:icons' {
  /** Each icon of iconNames.ts by name: its paths, each the outline and 1 when it fills nonzero (build/icons.ts). */
  export const ICONS: Readonly<Record<string, readonly [d: string, nonzero?: 1][]>>;
}
