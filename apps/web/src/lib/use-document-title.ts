import { useEffect } from 'react';

/** Sets the tab title while the page is shown; pass null to keep the default title from index.html. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
