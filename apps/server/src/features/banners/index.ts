/**
 * The banners feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { bannersFeature, bannersChangedChannel } from './banners-feature';
export type { BannerChange, BannerInput, BannersService } from './banners-service';
