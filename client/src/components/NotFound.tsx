import { Link } from './Link';

interface NotFoundProps {
  /** The page's heading: what was not found. */
  title: string;
  text: string;
  /** Where to go instead, and the link's words. */
  to: string;
  linkText: string;
  testId: string;
}

/** A page whose address names something the shop does not have (a document, an uploader): say so, offer a way on. */
export function NotFound({ title, text, to, linkText, testId }: NotFoundProps) {
  return (
    <div className="page page--narrow empty-state" data-testid={testId}>
      <h1 className="page__title">{title}</h1>
      <p className="empty-state__text">{text}</p>
      <Link to={to} className="button button--primary">
        {linkText}
      </Link>
    </div>
  );
}
