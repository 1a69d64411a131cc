// Package attach is file upload: POST /api/contract/upload stores a file under a generated name
// in a Storage (local disk now, S3-compatible later), after checking its type by its content and
// its size while it streams; GET /api/files/{key} reads it back; DELETE
// /api/actattach/delete/{id} removes it (owner or a permitted user).
package attach

import "time"

// Attachment is one stored file.
type Attachment struct {
	ID           int64     `gorm:"primaryKey"`
	Key          string    `gorm:"column:stored_name;size:64;uniqueIndex;not null"` // generated stored name, e.g. 9f…e1.png
	OriginalName string    `gorm:"size:255;not null"`
	ContentType  string    `gorm:"size:128;not null"`
	Size         int64     `gorm:"not null"`
	OwnerID      int64     `gorm:"index;not null"`
	Type         string    `gorm:"size:64;not null;default:''"`
	Code         string    `gorm:"size:64;not null;default:''"`
	OrderID      string    `gorm:"size:64;not null;default:''"`
	BusinessID   string    `gorm:"size:64;not null;default:''"`
	CreateTime   time.Time `gorm:"not null"`
	// ClaimedAt is when a record first took the file (Claim); nil: none yet, and the sweep
	// removes it once it is older than the grace period (orphans.go).
	ClaimedAt *time.Time
	// SweptAt is when the sweep took the file away: its stored object is being deleted, and the
	// row goes once that is done.
	SweptAt *time.Time
}

// TableName keeps eladmin's plural style.
func (Attachment) TableName() string { return "attachments" }
