/** Placeholder until this page lands: the route exists so the router needs no edit later. */
export default function AuthCallbackPage() {
  return null;
}
