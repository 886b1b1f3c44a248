import { ICONS } from 'virtual:icons';
import type { IconName } from './iconNames.ts';

/** One of the first screens' icons (see iconNames.ts), drawn as antd-mobile-icons draws it. */
export function Icon({ name, fontSize }: { name: IconName; fontSize?: number }) {
  return (
    <svg
      className="antd-mobile-icon"
      width="1em"
      height="1em"
      viewBox="0 0 48 48"
      fill="currentColor"
      fillRule="evenodd"
      style={{ verticalAlign: '-0.125em', fontSize }}
      aria-hidden="true"
      focusable="false"
    >
      {(ICONS[name] ?? []).map(([d, nonzero]) => (
        <path key={d} d={d} fillRule={nonzero ? 'nonzero' : undefined} />
      ))}
    </svg>
  );
}
