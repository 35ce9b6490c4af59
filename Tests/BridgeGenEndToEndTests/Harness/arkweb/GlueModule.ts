// placeholder
export const placeholder = 1;
