/** What a missing page or a hidden entry shows, in either router. */
export function NotFoundMessage() {
  return (
    <>
      <h1>Not found</h1>
      <p>There is no public entry or page at this address. Entries that are not (or no longer) on the public register are not shown.</p>
      <p>
        <a href="/">Search the registry</a>
      </p>
    </>
  );
}
