package httpx

// Shapes shared by many routes, named once for the API document (authz.Doc): the handlers read
// the same parameters with ParsePage, ParseSort, TimeRange, PathID and IDs.

// Created is the answer of a create (Saved with created): the new row's ID.
type Created struct {
	ID int64 `json:"id" required:"true"`
}

// PageParams are the paging parameters ParsePage reads.
type PageParams struct {
	Page int `query:"page" minimum:"0" description:"0-based page number"`
	Size int `query:"size" minimum:"1" maximum:"10000" description:"rows per page, default 10"`
}

// SortParams is ParseSort's parameter.
type SortParams struct {
	Sort []string `query:"sort" description:"field,asc|desc, repeatable"`
}

// CreateTimeParams is TimeRange's parameter for the creation time: given twice, from and to.
type CreateTimeParams struct {
	CreateTime []string `query:"createTime" description:"yyyy-MM-dd HH:mm:ss, twice: from and to"`
}

// IDPath is the ":id" path parameter PathID reads.
type IDPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// IDList is the JSON array of IDs that IDs reads (the body of eladmin's deletes).
type IDList []int64

// BlurryParams is the free-text filter of the lists.
type BlurryParams struct {
	Blurry string `query:"blurry" maxLength:"64"`
}
