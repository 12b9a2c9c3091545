/** A body as a reader wants it: indented JSON, or the text as it came (a request's, a delivery's). */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
