/** A package whose head contribution kvprefix cannot assemble, so its tokens are not counted. */
export interface UncountedPackage {
  readonly package: string;
  readonly reason: string;
}
