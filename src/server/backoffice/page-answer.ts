/**
 * What a back-office page's logic answers its Astro page: a view to render (with its status), or a response to send
 * as it is — a refusal from the guards, or the redirect after a post (303, so a reload never posts again).
 */
export type PageAnswer<V> = { kind: 'view'; view: V; status: number } | { kind: 'answer'; response: Response };

export const answer = (response: Response) => ({ kind: 'answer' as const, response });

export const seeOther = (location: string) =>
  answer(new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } }));
