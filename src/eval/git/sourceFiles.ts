/**
 * Which paths count as source files for the eval protocol (DESIGN.md §5): the files the index
 * reads, minus lockfiles and generated output, which change together for mechanical reasons and
 * would reward a ranker for predicting a build step.
 */
import { isSourcePath as isIndexedPath, isMinifiedPath } from '../../workspace/sourceHost';

/** Generated or vendored output: build folders, bundles, snapshots, declaration bundles. */
const GENERATED = [
  /(^|\/)node_modules\//,
  /(^|\/)(dist|build|out|coverage|\.next|\.nuxt|\.svelte-kit|\.turbo|\.vercel)\//,
  /\.min\.(js|mjs|cjs)$/,
  /(^|\/)__snapshots__\//,
  /\.snap$/,
  /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?)$/,
  /(^|\/)generated\//,
  /\.generated\.[^/]+$/,
  /\.gen\.[^/]+$/,
];

export function isSourcePath(path: string): boolean {
  return isIndexedPath(path) && !isMinifiedPath(path) && !GENERATED.some((pattern) => pattern.test(path));
}
