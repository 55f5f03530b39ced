import { Spinner } from '../../../components/Spinner';

/** What the login, callback and logout routes show while they hand over to the provider or back. */
export function AuthStatusPage({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="page page--narrow auth-status" data-testid={testId}>
      <Spinner label={text} />
      <p aria-hidden="true">{text}</p>
    </div>
  );
}
