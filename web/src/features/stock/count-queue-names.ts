/** Names the page and the service worker share for the counts waiting on the device. */
export const QUEUE_CHANNEL = 'filialportal-zaehlen';
/** The Background Sync tag and the Web Lock of the sender. */
export const SYNC_TAG = 'filialportal-zaehlungen';
