import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { embedHostOrigin } from '@beabro/shared/embed/embed-options';

export interface EmbedMode {
  /** The checkout runs in the overlay of /embed.js on a creator's website (`?embed=1`). */
  embedded: boolean;
  /** Where the frame may post its messages (`?origin=`), when it is a valid origin. */
  hostOrigin: string | null;
}

export function useEmbedMode(): EmbedMode {
  const [params] = useSearchParams();
  const embed = params.get('embed');
  const origin = params.get('origin');
  return useMemo(
    () => ({ embedded: embed === '1', hostOrigin: embed === '1' ? embedHostOrigin(origin) : null }),
    [embed, origin],
  );
}
