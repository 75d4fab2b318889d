// Reading, validating and resolving DSH compositions (src/analysis/compositions).
export { compositionFacts } from './composition-facts.js';
export type { CompositionFacts, DelegationToolFacts, ProgrammaticCallerFacts, ProviderFacts } from './composition-facts.js';
export { childPath } from './composition-problem.js';
export type { CompositionProblem, YamlLocation } from './composition-problem.js';
export { assembleHostComposition } from './host-composition.js';
export type { AssembledComposition, UncountedPackage } from './host-composition.js';
export { evaluateJsValue, JS_EXPRESSION_TAG, JsExpression } from './js-expression.js';
export type { JsEnvironment, JsValue } from './js-expression.js';
export { PACKAGE_CATALOG } from './package-catalog.js';
export type { PackageContribution } from './package-catalog.js';
export { DELEGATION_TOOL_PACKAGE, PROGRAMMATIC_CALLERS, PROVIDER_PACKAGES, REPORT_PACKAGE } from './provider-packages.js';
export type { ProviderPackage } from './provider-packages.js';
export { isPatchFile, parseComposition, readComposition } from './read-composition.js';
export type { CompositionLayer, CompositionRow, LayerEntry, RowPatch } from './read-composition.js';
export { BUNDLED_REFERENCE_HEAD, loadReferenceHead, parseReferenceHead } from './reference-head.js';
export type { ReferenceHead } from './reference-head.js';
export { resolveComposition } from './resolve-composition.js';
export type { CompositionSource, ResolvedComposition, ResolvedRow } from './resolve-composition.js';
