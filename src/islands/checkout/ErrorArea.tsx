/**
 * The checkout's alert area: refusals of the server (with its message) and "check the marked fields".
 * Always in the page, so a screen reader announces a message the moment it appears.
 */
export default function ErrorArea({ message }: { message: string | undefined }) {
  return (
    <div className="checkout-error" role="alert" data-testid="checkout-error">
      {message && <p className="notice notice--danger">{message}</p>}
    </div>
  );
}
