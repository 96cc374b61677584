/**
 * The silent-device guide shipped (silent-guide-defaults.json), validated at load like an
 * organization's own file: a broken edit fails every test that loads it instead of shipping.
 * Its causes follow what the vendors document for a device that does not reach its cloud: no
 * power (PoE 802.3af), no link, no DHCP address, the firewall closing HTTPS 443 or NTP UDP 123.
 */
import raw from './silent-guide-defaults.json';
import type { SilentGuide } from '../../shared/silent-causes';
import { readGuideFile } from './silent-guide-file';

const read = readGuideFile(raw, 'silent-guide-defaults.json');
if ('problem' in read) {
  throw new Error(`shipped silent-device guide invalid: ${JSON.stringify(read.problem.params)}`);
}
export const DEFAULT_GUIDE: SilentGuide = read.guide;
