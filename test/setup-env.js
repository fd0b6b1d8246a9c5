// n8n's engine reports every node error through its logger; the tests assert errors instead.
process.env.N8N_LOG_LEVEL = 'silent';
