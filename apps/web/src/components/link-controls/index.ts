/** The Advanced link controls (docs/product.md#link-controls, docs/product.md#shorten-url) shared by Shorten URL and the Edit Link dialog. */
export { AdvancedSection } from './AdvancedSection';
export { controlsFromLink, controlsRequest, EMPTY_CONTROLS, type ControlsForm } from './controls-form';
export { useLinkControls } from './use-link-controls';
export { ServerError } from './ServerError';
