/**
 * Translations: copies of one document in several languages, told apart by a language tag in one
 * folder of their paths (`docs/ko/docs/tutorial/…`, `docs/en/docs/tutorial/…`) or in the name
 * (`locales/fr.json`, `README.ja.txt`). A ranked list shows each group once, at its leader's place
 * (groupLeaders), the others named with it (RankedFile.translations): FastAPI's pages come in fifteen
 * languages, and a page's list was its fourteen translations, which share its name and code.
 *
 * A tag alone proves nothing (`it/` holds integration tests, `id/` a route): a group needs the same
 * rest of the path under at least MIN_LANGUAGES different tags.
 */
import { derivedFromPaths, type FileTable } from './fileTable';
import { ranksBefore } from './topN';

/** Different language tags a group needs: fewer is as likely a coincidence of folder names. */
const MIN_LANGUAGES = 3;

/** ISO 639-1 codes, the base of a language tag (`pt` of `pt-BR`, `zh` of `zh-hant`). */
const LANGUAGE_CODES: ReadonlySet<string> = new Set(
  (
    'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et ' +
    'eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl ' +
    'km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj ' +
    'om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to ' +
    'tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
  ).split(' '),
);

/** A language tag: a code, with a region or script (`pt-BR`, `zh_CN`, `sr-Latn`, `es-419`). */
const LANGUAGE_TAG = /^([a-z]{2})(?:[-_](?:[a-z]{2}|[a-z]{4}|\d{3}))?$/i;

/** A folder or a name's dot-separated part shaped like a tag: most paths have none, and need not be split. */
const MAY_HOLD_TAG = /(?:^|[/.])[a-z]{2}(?:[-_][a-z0-9]{2,4})?[/.]/i;

export function isLanguageTag(text: string): boolean {
  const m = LANGUAGE_TAG.exec(text);
  return m !== null && LANGUAGE_CODES.has(m[1].toLowerCase());
}

/**
 * Where a path may carry its language: each (path with the tag cut out, tag) pair, folders first,
 * then a dot-separated part of the name before its extension (`fr` of `fr.json`, `ja` of `README.ja.txt`).
 */
export function languageSlots(path: string): { key: string; tag: string }[] {
  if (!MAY_HOLD_TAG.test(path)) return [];
  const parts = path.split('/');
  const slots: { key: string; tag: string }[] = [];
  for (let i = 0; i < parts.length - 1; i++) {
    if (isLanguageTag(parts[i])) slots.push({ key: [...parts.slice(0, i), '\0', ...parts.slice(i + 1)].join('/'), tag: parts[i] });
  }
  const name = parts[parts.length - 1].split('.');
  for (let i = 0; i < name.length - 1; i++) {
    if (!isLanguageTag(name[i])) continue;
    const key = [...parts.slice(0, -1), [...name.slice(0, i), '\0', ...name.slice(i + 1)].join('.')].join('/');
    slots.push({ key, tag: name[i] });
  }
  return slots;
}

export interface TranslationGroups {
  /** Per id: its group's index, or -1 (dead ids too). */
  readonly groupOf: Int32Array;
  /** Per group: its members' ids. */
  readonly members: readonly (readonly number[])[];
  /** Per group: each member's language tag as its path writes it, lowercased, in the order of `members`. */
  readonly tags: readonly (readonly string[])[];
  /** The language the documents are written in first (sourceLanguage); undefined when there is no group. */
  readonly source: string | undefined;
}

/** The table's translation groups, kept until its paths change. */
export const translationGroups: (table: FileTable) => TranslationGroups = derivedFromPaths(findGroups);

function findGroups(table: FileTable): TranslationGroups {
  // Every file with a tag, under each place it may carry one; a file joins the first place that makes a group.
  const byKey = new Map<string, { id: number; tag: string }[]>();
  const slotsOf = new Map<number, string[]>();
  for (let k = 0; k < table.ids.length; k++) {
    const id = table.ids[k];
    const slots = languageSlots(table.graph.pathOf(id));
    if (slots.length === 0) continue;
    slotsOf.set(
      id,
      slots.map((s) => s.key),
    );
    for (const slot of slots) {
      let list = byKey.get(slot.key);
      if (!list) byKey.set(slot.key, (list = []));
      list.push({ id, tag: slot.tag });
    }
  }
  const groupOf = new Int32Array(table.graph.capacity).fill(-1);
  const members: number[][] = [];
  const tags: string[][] = [];
  const groupKeys: string[] = [];
  for (const [id, keys] of slotsOf) {
    if (groupOf[id] >= 0) continue;
    for (const key of keys) {
      const list = byKey.get(key)!.filter((m) => groupOf[m.id] < 0);
      const lowered = list.map((m) => m.tag.toLowerCase());
      if (new Set(lowered).size < MIN_LANGUAGES) continue;
      const group = members.length;
      members.push(list.map((m) => m.id));
      tags.push(lowered);
      groupKeys.push(key);
      for (const m of list) groupOf[m.id] = group;
      break;
    }
  }
  const copies = new Map([...byKey].map(([key, list]) => [key, list.map((m) => m.tag)]));
  return { groupOf, members, tags, source: sourceLanguage(copies, groupKeys) };
}

/** A tag's language without its region or script: `pt` of `pt-br`, `zh` of `zh-hant`. */
const baseLanguage = (tag: string) => tag.slice(0, 2).toLowerCase();

/**
 * The language the documents are written in first, by its base code: the one with a copy of the most
 * documents under the groups' folders (`docs/…/` of `docs/ko/docs/…`), pages translated into fewer than
 * three languages counted too. A translation follows its source, so the source has every page and the
 * others some (FastAPI: English 418 pages, Hindi 126). On a tie English, the usual source, else the first code.
 *
 * `copies`: each place a path may carry its language (languageSlots' key) -> the tags found there;
 * `groupKeys`: the places that made a group.
 */
export function sourceLanguage(copies: ReadonlyMap<string, readonly string[]>, groupKeys: readonly string[]): string | undefined {
  const under = new Set(groupKeys.map(slotFolder));
  const documents = new Map<string, number>();
  for (const [key, tags] of copies) {
    if (!under.has(slotFolder(key))) continue;
    for (const language of new Set(tags.map(baseLanguage))) documents.set(language, (documents.get(language) ?? 0) + 1);
  }
  let source: string | undefined;
  for (const [language, count] of documents) {
    const best = source === undefined ? 0 : documents.get(source)!;
    if (count > best || (count === best && source !== 'en' && (language === 'en' || language < source!))) source = language;
  }
  return source;
}

/** The folder a slot's key holds its language in: `docs/` of `docs/\0/docs/…` (a folder) and of `docs/guide.\0.txt` (a name). */
const slotFolder = (key: string) => key.slice(0, key.lastIndexOf('/', key.indexOf('\0')) + 1);

/**
 * Per id: true when the id stands for itself in a ranked list, false when another member of its group
 * does. When the query is itself a translation (its tag in its own group), a group's copy in the
 * query's language stands for it, and the query's own group's copy in the source language (the
 * workspace's, sourceLanguage), the one a translator reads; else (no such copy, or the query is no
 * translation) the group's best member (higher score, or the same score and an earlier path, as topN
 * orders). A translator of a Korean page goes on to Korean pages, not to whichever language's copy
 * happens to score higher.
 */
export function groupLeaders(
  groups: TranslationGroups,
  scores: Float64Array,
  pathOf: (id: number) => string,
  queryId: number,
): (id: number) => boolean {
  const queryGroup = groups.groupOf[queryId] ?? -1;
  const language = queryGroup < 0 ? undefined : groups.tags[queryGroup][groups.members[queryGroup].indexOf(queryId)];
  const leaders = groups.members.map((ids, group) => {
    const tags = groups.tags[group];
    // The query's language exactly (pt-br, not pt); the source language in any region (en-us).
    const wanted = (tag: string) => (group === queryGroup ? baseLanguage(tag) === groups.source : tag === language);
    const preferred = language !== undefined && ids.some((id, k) => id !== queryId && wanted(tags[k]));
    let best = -1;
    for (const [k, id] of ids.entries()) {
      if (id === queryId || (preferred && !wanted(tags[k]))) continue;
      if (best < 0 || ranksBefore(scores[id], pathOf(id), scores[best], pathOf(best))) best = id;
    }
    return best;
  });
  return (id) => {
    const group = groups.groupOf[id] ?? -1;
    return group < 0 || leaders[group] === id;
  };
}

/** The language of each translation as its path writes it: the folder or name part where it differs from `path`. */
export function translationTags(path: string, translations: readonly string[]): string[] {
  const mine = path.split('/');
  return translations.map((other) => {
    const theirs = other.split('/');
    const i = theirs.findIndex((part, k) => part !== mine[k]);
    if (i < 0) return other;
    if (i < theirs.length - 1) return theirs[i];
    const names = [mine[mine.length - 1].split('.'), theirs[i].split('.')];
    return names[1].find((part, k) => part !== names[0][k]) ?? theirs[i];
  });
}

/** How many languages a line names before "…". */
const TAGS_SHOWN = 5;

type Translated = { readonly path: string; readonly translations?: readonly string[] };

/** "+13 translations", or undefined for a file without any: where a line has little room (view, quick pick). */
export function translationsLabel(file: Translated): string | undefined {
  const count = file.translations?.length ?? 0;
  return count === 0 ? undefined : `+${count} translation${count === 1 ? '' : 's'}`;
}

/** "+13 translations: ja, uk, zh, zh-hant, hi, …", or undefined for a file without any. */
export function translationsNote(file: Translated): string | undefined {
  const label = translationsLabel(file);
  if (label === undefined) return undefined;
  const tags = translationTags(file.path, file.translations ?? []);
  return `${label}: ${tags.slice(0, TAGS_SHOWN).join(', ')}${tags.length > TAGS_SHOWN ? ', …' : ''}`;
}
