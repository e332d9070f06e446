/**
 * A fetch's loading indicator (docs/product/client-state.md#loading-states): a spinner and its text for screen
 * readers, kept at least MIN_DISPLAY_MS once shown. The status region is always there: screen readers announce
 * text added to a live region, not a region added with its text.
 */
import { useMinDisplay } from './use-min-display.ts';

interface Props {
  loading: boolean;
  label: string;
  testId: string;
  className?: string;
}

export default function LoadingIndicator({ loading, label, testId, className = '' }: Props) {
  const shown = useMinDisplay(loading);
  return (
    <span role="status" className={`loading ${className}`}>
      {shown && (
        <span className="loading__shown" data-testid={testId}>
          <span className="loading__spinner" aria-hidden="true" />
          <span className="loading__text visually-hidden">{label}</span>
        </span>
      )}
    </span>
  );
}
