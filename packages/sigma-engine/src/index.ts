// @tieline/sigma-engine: the network drawing behind SigmaView's methods (README.md).
/// <reference path="./fa2-modules.d.ts" />

export { DISSOLVED_COLOR } from './changes-overlay';
export { freeArea, insidePolygon, type TCamera, type TPositions, type TRect } from './geometry';
export type { TDrawing } from './renderer-kind';
export type { TScene, TSceneItem } from './sigma-scene';
export { BORN_COLOR, SigmaView, type TDrawStyle, type TViewEvents, type TViewOptions } from './sigma-view';
