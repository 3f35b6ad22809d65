// A small stroke icon set for the shell. Icons are decorative: the control around them carries the
// accessible name.
import type { SVGProps } from 'react';

const paths = {
  alert: ['M12 3 2.5 20h19L12 3Z', 'M12 10v4', 'M12 17h.01'],
  case: ['M3 7h18v13H3z', 'M8 7V4h8v3', 'M3 12h18'],
  list: ['M8 6h13', 'M8 12h13', 'M8 18h13', 'M3 6h.01', 'M3 12h.01', 'M3 18h.01'],
  rules: ['M4 6h10', 'M18 6h2', 'M4 12h4', 'M12 12h8', 'M4 18h12', 'M20 18h0', 'M16 4v4', 'M10 10v4', 'M18 16v4'],
  filing: ['M6 2h9l5 5v15H6z', 'M14 2v6h6', 'M9 13h8', 'M9 17h8'],
  dashboard: ['M3 3h8v8H3z', 'M13 3h8v5h-8z', 'M13 10h8v11h-8z', 'M3 13h8v8H3z'],
  explorer: ['M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Z', 'm21 21-5-5'],
  data: ['M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3Z', 'M4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6', 'M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3'],
  risk: ['M12 21a9 9 0 1 1 9-9', 'M12 12l5-5', 'M12 3v2', 'M3 12h2'],
  ai: ['M12 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2z', 'M19 15l1 2 2 1-2 1-1 2-1-2-2-1 2-1z'],
  people: ['M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z', 'M2 21c0-4 3-6 7-6s7 2 7 6', 'M16 3a4 4 0 0 1 0 8', 'M18 15c2 .5 4 2 4 6'],
  queue: ['M3 13h5l2 3h4l2-3h5', 'M5 5h14l2 8v7H3v-7z'],
  workflow: ['M6 3v12', 'M18 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z', 'M6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z', 'M18 9a9 9 0 0 1-9 9'],
  reporting: ['M3 21h18', 'M6 17V10', 'M11 17V5', 'M16 17v-4', 'M21 17V8'],
  org: ['M4 21V4h10v17', 'M14 9h6v12', 'M7 8h4', 'M7 12h4', 'M7 16h4', 'M2 21h20'],
  shield: ['M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Z'],
  bell: ['M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8', 'M10 20a2 2 0 0 0 4 0'],
  search: ['M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Z', 'm21 21-5-5'],
  warning: ['M12 3 2.5 20h19L12 3Z', 'M12 10v4', 'M12 17h.01'],
  close: ['M6 6l12 12', 'M18 6 6 18'],
  collapse: ['M15 6l-6 6 6 6'],
  expand: ['M9 6l6 6-6 6'],
  tools: ['M14 7a4 4 0 0 0 5 5l-8 8a2 2 0 1 1-3-3l8-8a4 4 0 0 0-2-2Z', 'M17 3l-3 3 4 4 3-3'],
  megaphone: ['M3 10v4h4l8 5V5L7 10H3Z', 'M19 9a4 4 0 0 1 0 6'],
  user: ['M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z', 'M4 21c0-4 3.5-7 8-7s8 3 8 7'],
  sparkle: ['M12 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2z'],
  grip: ['M9 6h.01', 'M15 6h.01', 'M9 12h.01', 'M15 12h.01', 'M9 18h.01', 'M15 18h.01'],
  home: ['M3 11l9-8 9 8', 'M5 10v11h14V10'],
  eye: ['M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z', 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z'],
  pencil: ['M4 20h4L19 9l-4-4L4 16v4Z', 'M13.5 6.5l4 4'],
  play: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M10 8.5v7l6-3.5-6-3.5Z'],
  archive: ['M3 4h18v4H3z', 'M5 8v12h14V8', 'M10 12h4'],
} satisfies Record<string, string[]>;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20, ...rest }: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'grip' ? 3 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
