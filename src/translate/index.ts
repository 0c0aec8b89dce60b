/**
 * The translation core: segmentation of Documents into runs with placeholders, reassembly,
 * glossary forcing, word counts. Pure: no HTTP, no database (services/translations uses it).
 */
export { termMatcher, type GlossaryTerm } from "./protect";
export { pageRefs, plainSegment, remapRefs, segmentDocument, type Segment } from "./segments";
