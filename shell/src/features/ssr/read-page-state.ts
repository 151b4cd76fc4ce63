import { PAGE_STATE_ELEMENT_ID, type PageState } from '@beabro/shared/contract/page-state';
import type { RemoteMap } from '@beabro/shared/contract/remote-contract';

function isRemoteMap(value: unknown): value is RemoteMap {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/** Reads the page state the server wrote; null when there is none or it is unreadable. */
export function readPageState(doc: Document = document): PageState | null {
  const text = doc.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PageState>;
    if (!isRemoteMap(value.remoteMap)) return null;
    return { remoteMap: value.remoteMap, render: value.render ?? null };
  } catch {
    return null;
  }
}
