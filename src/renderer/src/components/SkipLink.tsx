// Layer: renderer (React component). The first Tab stop of the page: "Skip to
// the dialogue list". Entered from outside the page (the first Tab after the
// page opens) it goes straight on to the list's search field, so the list is
// reached in one Tab; reached with Shift+Tab from the header it stays, as a
// visible link, and Enter follows it. Without a list on screen it is inert.

export const LIST_SEARCH_ID = 'dialogue-search';

function toList(): boolean {
  const search = document.getElementById(LIST_SEARCH_ID);
  if (!search) return false;
  search.focus();
  return true;
}

export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${LIST_SEARCH_ID}`}
      data-testid="skip-link"
      onFocus={(e) => {
        // relatedTarget is null when focus comes from outside the document (the page's first Tab).
        if (e.relatedTarget === null) toList();
      }}
      onClick={(e) => {
        e.preventDefault();
        toList();
      }}
    >
      Skip to the dialogue list
    </a>
  );
}
