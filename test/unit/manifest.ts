/**
 * package.json's `contributes`, read as data for the tests that hold the code and the documents to it
 * (contributes.test.ts, references.test.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../..');

export interface ConfigurationProperty {
  readonly type?: string | readonly string[];
  readonly default?: unknown;
  readonly enum?: readonly string[];
  readonly enumDescriptions?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly markdownDescription?: string;
}

interface MenuItem {
  readonly command: string;
  readonly when?: string;
}

/** The parts of package.json the tests read; everything optional, so a broken manifest gives findings, not a crash. */
export interface Manifest {
  readonly contributes?: {
    readonly commands?: readonly { readonly command: string }[];
    readonly views?: Readonly<Record<string, readonly { readonly id: string }[]>>;
    readonly viewsWelcome?: readonly { readonly view: string; readonly when?: string }[];
    readonly menus?: Readonly<Record<string, readonly MenuItem[]>>;
    readonly keybindings?: readonly { readonly command: string; readonly when?: string }[];
    readonly configuration?: { readonly properties?: Readonly<Record<string, ConfigurationProperty>> };
    readonly languageModelTools?: readonly {
      readonly name: string;
      readonly inputSchema?: { readonly properties?: Readonly<Record<string, ConfigurationProperty>> };
    }[];
    readonly mcpServerDefinitionProviders?: readonly { readonly id: string }[];
  };
}

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;
}

export const commandIds = (m: Manifest): string[] => (m.contributes?.commands ?? []).map((c) => c.command);
export const viewIds = (m: Manifest): string[] => Object.values(m.contributes?.views ?? {}).flatMap((views) => views.map((v) => v.id));
export const settingKeys = (m: Manifest): string[] => Object.keys(m.contributes?.configuration?.properties ?? {});

/** Every `when` clause of the manifest (menus, keybindings, welcome views). */
export function whenClauses(m: Manifest): string[] {
  const c = m.contributes ?? {};
  return [
    ...Object.values(c.menus ?? {}).flatMap((items) => items.map((i) => i.when)),
    ...(c.keybindings ?? []).map((k) => k.when),
    ...(c.viewsWelcome ?? []).map((w) => w.when),
  ].filter((w): w is string => typeof w === 'string');
}

/**
 * Context keys of our own (`relatedFiles.*`) that `when` clauses test. View ids appear in clauses too
 * (`view == relatedFiles.view`) and are left out: they are not context keys.
 */
export function contextKeys(m: Manifest): string[] {
  const views = new Set(viewIds(m));
  const keys = whenClauses(m).flatMap((w) => [...w.matchAll(/\brelatedFiles\.[A-Za-z][\w.]*/g)].map((match) => match[0]));
  return [...new Set(keys)].filter((k) => !views.has(k));
}

/** Every `relatedFiles.*` name the manifest contributes: settings, commands, views and context keys. */
export function contributedNames(m: Manifest): Set<string> {
  return new Set([...settingKeys(m), ...commandIds(m), ...viewIds(m), ...contextKeys(m)]);
}
