/** The Advanced link controls (PRODUCT-V2 §1/§5) shared by Shorten URL and the Edit Link dialog. */
export { AdvancedSection } from './AdvancedSection';
export { controlsFromLink, controlsRequest, EMPTY_CONTROLS, type ControlsForm } from './controls-form';
export { useLinkControls } from './use-link-controls';
export { ServerError } from './ServerError';
