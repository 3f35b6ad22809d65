import type { components } from '../../../../openapi/schema';

export type DataSetting = components['schemas']['DataSetting'];
export type ParameterType = components['schemas']['RiskParameterType'];
export type MappingOperator = components['schemas']['RiskMappingOperator'];
