import { type ReactNode, useEffect, useId, useRef } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  /** Move focus (and the view) to this section when it appears, e.g. a panel opened below a list. */
  focusOnMount?: boolean;
  /** Muted help text under the heading. */
  description?: ReactNode;
  /** A section whose actions cannot be undone gets a red frame. */
  tone?: 'danger';
}

/** A titled part of a page; the heading names the region for assistive technology. */
export function Section({ title, children, focusOnMount = false, description, tone }: Props) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  return (
    <section className={tone === 'danger' ? 'card danger-card' : 'card'} aria-labelledby={id}>
      <h2 id={id} ref={heading} tabIndex={focusOnMount ? -1 : undefined}>
        {title}
      </h2>
      {description ? <p className="muted section-description">{description}</p> : null}
      {children}
    </section>
  );
}
