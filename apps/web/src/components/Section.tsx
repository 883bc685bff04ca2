import { type ReactNode, useEffect, useId, useRef } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  /** Move focus (and the view) to this section when it appears, e.g. a panel opened below a list. */
  focusOnMount?: boolean;
}

/** A titled part of a page; the heading names the region for assistive technology. */
export function Section({ title, children, focusOnMount = false }: Props) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} ref={heading} tabIndex={focusOnMount ? -1 : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}
