import { useId, type ReactNode } from 'react';
import './card.css';

interface CardProps {
  /** The card's heading; it names the card as a region (`aria-labelledby`). A card without one is a plain box. */
  readonly title?: ReactNode;
  /** The heading's id, where other code moves focus to it; else one is made. */
  readonly titleId?: string;
  /** The heading's level: 2 for a card of the page, 3 for a card inside a section. */
  readonly level?: 2 | 3;
  /** Controls beside the heading (an export, "Request payout"); they wrap under it on a narrow card. */
  readonly actions?: ReactNode;
  readonly className?: string;
  readonly testId?: string;
  readonly children?: ReactNode;
}

/**
 * The one card of every signed-in screen: one inner padding (card.css), a heading that names the region, and
 * its actions beside the heading. A screen composes it instead of styling a box of its own, so a change of
 * padding or of the narrow-screen rules lands on every screen at once (issue 27).
 */
export function Card({ title, titleId, level = 2, actions, className, testId, children }: CardProps) {
  const madeId = useId();
  const headingId = titleId ?? madeId;
  const classes = className ? `card ${className}` : 'card';
  if (title === undefined)
    return (
      <div className={classes} data-testid={testId}>
        {children}
      </div>
    );
  const Heading = level === 2 ? 'h2' : 'h3';
  const heading = (
    <Heading id={headingId} className="card__title">
      {title}
    </Heading>
  );
  return (
    <section className={classes} aria-labelledby={headingId} data-testid={testId}>
      {actions ? (
        <div className="card__head">
          {heading}
          <div className="card__actions">{actions}</div>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
