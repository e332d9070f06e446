/** "My appliances" calls of the browser (docs/product/api.md#my-appliances): the account's copy of the saved models. */
import type { SaveModelsRequest, SavedModelList } from '#lib/api/my-appliances-contracts.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { apiUrl, type ApiAnswer } from './http.ts';

async function send(method: 'PUT' | 'DELETE', path: string, body?: unknown): Promise<ApiAnswer<SavedModelList>> {
  const res = await fetch(apiUrl(path), {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
  let data: SavedModelList | undefined;
  try {
    data = (await res.json()) as SavedModelList;
  } catch {
    data = undefined;
  }
  return { ok: res.ok, status: res.status, data, headers: res.headers };
}

export const putSavedModels = (body: SaveModelsRequest) => send('PUT', API_PATHS.myAppliances.list, body);

export const deleteSavedModel = (slug: string) => send('DELETE', API_PATHS.myAppliances.one(slug));
