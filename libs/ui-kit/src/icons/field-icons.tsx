// The icons of form fields (password visibility, select): a module of their own, so the
// sign-in pages' fields carry these and not the whole icon set.
import { createIcon } from './create-icon';

export const EyeIcon = /* @__PURE__ */ createIcon(
  'EyeIcon',
  <>
    <path d="M2.06 12.35a1 1 0 0 1 0-.7 10.75 10.75 0 0 1 19.88 0 1 1 0 0 1 0 .7 10.75 10.75 0 0 1-19.88 0" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = /* @__PURE__ */ createIcon(
  'EyeOffIcon',
  <>
    <path d="M10.73 5.08A10.43 10.43 0 0 1 12 5c4.7 0 8.7 3 9.94 6.65a1 1 0 0 1 0 .7 10.7 10.7 0 0 1-1.67 2.95" />
    <path d="M14.08 14.16a3 3 0 0 1-4.2-4.2" />
    <path d="M17.48 17.5A10.75 10.75 0 0 1 2.06 12.35a1 1 0 0 1 0-.7 10.75 10.75 0 0 1 4.45-5.14" />
    <path d="m2 2 20 20" />
  </>,
);
export const ChevronDownIcon = /* @__PURE__ */ createIcon(
  'ChevronDownIcon',
  <path d="m6 9 6 6 6-6" />,
);
