/**
 * Which paths count as files for the eval protocol: the files the index reads, minus lockfiles and
 * generated output, which change together for mechanical reasons and would reward a ranker for
 * predicting a build step. The eval never narrows the index's file set otherwise: whatever kinds
 * of file the index lists are sampled, queried and ranked.
 */
import { isIndexedPath, isMinifiedPath } from '../../workspace/sourceHost';

/** Lockfiles of every ecosystem: written by a tool on each dependency change (Gopkg.lock and glide.lock: Go before modules). */
const LOCKFILE =
  /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|deno\.lock|Cargo\.lock|poetry\.lock|uv\.lock|Pipfile\.lock|pdm\.lock|composer\.lock|Gemfile\.lock|go\.sum|Gopkg\.lock|glide\.lock|packages\.lock\.json|flake\.lock|mix\.lock|pubspec\.lock|Podfile\.lock|Package\.resolved|gradle\.lockfile)$/;

/** Generated or vendored output: build folders, bundles, snapshots, generated code. */
const GENERATED = [
  /(^|\/)node_modules\//,
  /(^|\/)(dist|build|out|coverage|\.next|\.nuxt|\.svelte-kit|\.turbo|\.vercel)\//,
  /\.min\.(js|mjs|cjs|css)$/,
  /(^|\/)__snapshots__\//,
  /\.snap$/,
  /(^|\/)generated\//,
  /[._-]generated\.[^/]+$/,
  /\.gen\.[^/]+$/,
  /\.pb\.go$/,
  /_pb2(_grpc)?\.pyi?$/,
];

/** A lockfile or generated file: never sampled, never a query or an answer, whatever the index reads. */
export function isGeneratedPath(path: string): boolean {
  return LOCKFILE.test(path) || isMinifiedPath(path) || GENERATED.some((pattern) => pattern.test(path));
}

/** The eval's files for an index that reads `indexed`: those, without lockfiles and generated files. */
export function evalFiles(indexed: (path: string) => boolean): (path: string) => boolean {
  return (path) => indexed(path) && !isGeneratedPath(path);
}

/** The eval's files for the product's index. */
export const isSourcePath: (path: string) => boolean = evalFiles(isIndexedPath);
