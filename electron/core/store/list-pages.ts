/**
 * The validators of each stored list page (decision record 32): what the server said identifies the page
 * (ETag, Last-Modified), the ids it listed and what it said about the rest of the list. Asked
 * back, an unchanged page costs a 304; its rows, stored before, are then the page.
 */
import type { Validators } from '../api/http';
import type { PageRequest } from '../api/list-answer';
import type { PagingStyle } from '../../shared/contract/connection';
import type { Db } from '../db/open-database';

/** What a page said about the list beyond its items: enough to go on from it after a 304. */
interface StoredPaging {
  style: PagingStyle;
  next: PageRequest | null;
  rest: PageRequest[] | null;
  totalCount: number | null;
  totalPages: number | null;
}

export interface StoredPage {
  validators: Validators;
  ids: string[];
  paging: StoredPaging;
}

export interface ListPages {
  get(list: string, request: string): StoredPage | null;
  /** Records a page as the server sent it; `pass`: the full download that listed it. */
  put(list: string, request: string, page: StoredPage, pass?: number | null): void;
  /** The page is listed by `pass` too (it was answered 304). */
  listedBy(list: string, request: string, pass: number): void;
  /** Forgets a page (its answer carried no validators any more). */
  drop(list: string, request: string): void;
  /** After a complete pass: forgets the pages it did not list (the list got shorter). */
  keepOnly(list: string, pass: number): void;
  /** Forgets every page of a list. */
  forget(list: string): void;
}

interface Row {
  etag: string | null;
  last_modified: string | null;
  ids: string;
  paging: string;
}

export function listPages(db: Db): ListPages {
  const get = db.prepare<[string, string], Row>(
    'SELECT etag, last_modified, ids, paging FROM list_pages WHERE list = ? AND request = ?',
  );
  const put = db.prepare<
    [string, string, string | null, string | null, string, string, number | null]
  >(
    `INSERT INTO list_pages (list, request, etag, last_modified, ids, paging, pass)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(list, request) DO UPDATE SET etag = excluded.etag,
       last_modified = excluded.last_modified, ids = excluded.ids, paging = excluded.paging,
       pass = coalesce(excluded.pass, list_pages.pass)`,
  );
  const listed = db.prepare<[number, string, string]>(
    'UPDATE list_pages SET pass = ? WHERE list = ? AND request = ?',
  );
  const drop = db.prepare<[string, string]>(
    'DELETE FROM list_pages WHERE list = ? AND request = ?',
  );
  const keepOnly = db.prepare<[string, number]>(
    'DELETE FROM list_pages WHERE list = ? AND (pass IS NULL OR pass <> ?)',
  );
  const forget = db.prepare<[string]>('DELETE FROM list_pages WHERE list = ?');
  return {
    get(list, request) {
      const row = get.get(list, request);
      if (!row) return null;
      return {
        validators: { etag: row.etag, lastModified: row.last_modified },
        ids: JSON.parse(row.ids) as string[],
        paging: JSON.parse(row.paging) as StoredPaging,
      };
    },
    put(list, request, page, pass = null) {
      put.run(
        list,
        request,
        page.validators.etag,
        page.validators.lastModified,
        JSON.stringify(page.ids),
        JSON.stringify(page.paging),
        pass,
      );
    },
    listedBy: (list, request, pass) => void listed.run(pass, list, request),
    drop: (list, request) => void drop.run(list, request),
    keepOnly: (list, pass) => void keepOnly.run(list, pass),
    forget: (list) => void forget.run(list),
  };
}
