/** A store URL as it may be printed: where its password would be is replaced. Apart from the Redis client, so the memory store never loads it. */
export const describeStoreUrl = (url: string): string => url.replace(/\/\/[^@/]*@/, '//<credentials>@');
