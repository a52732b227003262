import { Fragment, type ReactNode } from 'react';

/** An e-mail in a narrow cell wraps before its "@" rather than at whatever letter meets the edge. */
export function wrapBeforeAt(value: ReactNode): ReactNode {
  if (typeof value !== 'string' || !value.includes('@')) return value;
  return value.split('@').map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
    <Fragment key={index}>
      {index > 0 && (
        <>
          <wbr />@
        </>
      )}
      {part}
    </Fragment>
  ));
}
