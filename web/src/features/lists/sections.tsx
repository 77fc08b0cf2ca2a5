import { CLAIM_MANUFACTURERS, CLAIM_QUALITIES, CLAIM_REASONS, COLOR_LABELS, MANUFACTURERS, STATUSES } from './list-configs.ts';
import { NamedListSection } from './NamedListSection.tsx';

/** Settings section 'Hersteller'. */
export const ManufacturerList = () => <NamedListSection config={MANUFACTURERS} />;
/** Settings section 'Labels' (labels with colour). */
export const ColorLabelList = () => <NamedListSection config={COLOR_LABELS} />;
/** Settings section 'Status' (claim statuses). */
export const StatusList = () => <NamedListSection config={STATUSES} />;
/** Settings section 'Beanstandung Hersteller'. */
export const ClaimManufacturerList = () => <NamedListSection config={CLAIM_MANUFACTURERS} />;
/** Settings section 'Beanstandung Qualität'. */
export const ClaimQualityList = () => <NamedListSection config={CLAIM_QUALITIES} />;
/** Settings section 'Beanstandung Grund'. */
export const ClaimReasonList = () => <NamedListSection config={CLAIM_REASONS} />;
