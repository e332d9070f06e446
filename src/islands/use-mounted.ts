/**
 * Persisted stores differ from the static HTML: render the server value until mounted, or React
 * throws #418 (hydration mismatch).
 */
import { useEffect, useState } from 'react';

export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
